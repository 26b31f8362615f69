/**
 * callback_data of the exchange flow's buttons. All start with "x:" so the flow can tell its own
 * buttons from others (which it lets through to their handlers). Codes are at most 20 characters,
 * so every value stays far below Telegram's 64-byte limit (checked in a test).
 */
export const FLOW = {
  prefix: "x:",
  cancel: "x:cancel",
  back: "x:back",
  retry: "x:retry",
  next: "x:next",
  useMinimum: "x:min",
  confirm: "x:confirm",
  edit: "x:edit",
  noop: "x:noop",
  coin: (code: string) => `x:c:${code}`,
  page: (page: number) => `x:p:${page}`,
  editTarget: (target: string) => `x:e:${target}`,
} as const;

export const COIN_CALLBACK = /^x:c:([A-Z0-9]{1,20})$/;
export const PAGE_CALLBACK = /^x:p:(\d{1,4})$/;
export const EDIT_CALLBACK = /^x:e:(pair|amount|destination|refund)$/;
