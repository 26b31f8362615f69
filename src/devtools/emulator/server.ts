/**
 * A Telegram Bot API emulator over HTTP on loopback. The real bot (grammY with
 * `client: { apiRoot: emulator.apiRoot }`) runs against it unchanged, while a test acts as the
 * people on the other side and inspects what they would see.
 *
 * Layers: request.ts decodes HTTP, methods.ts implements the Bot API, people.ts the users' actions,
 * state.ts holds the world. This file wires them to a server, adds long polling, webhook delivery
 * (POSTs with the secret header, retried until 200; getUpdates refused with 409 meanwhile), call recording,
 * fault injection and the waiting helpers.
 *
 * Usage:
 *   const emu = await startEmulator();
 *   const bot = new Bot(emu.token, { client: { apiRoot: emu.apiRoot } });
 *   void bot.start();
 *   await emu.waitFor(() => emu.isPolling());
 *   const ann = emu.user({ id: 1, first_name: "Ann" });
 *   await ann.sendText("/start").handled;            // or: await emu.waitFor(() => ann.chat.last())
 *   ann.pressButton(ann.chat.last()!, "menu:swap");
 *   ...
 *   await bot.stop(); await emu.close();
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listen } from "../../net/listen.js";
import { readBody } from "../../net/read-body.js";
import { foreignApiRequest } from "../local-only.js";
import type { Update } from "grammy/types";
import { ApiError, tooManyRequests } from "./errors.js";
import { FloodControl, type FloodLimits } from "./flood.js";
import { methodHandler } from "./methods.js";
import { optInt, optJson, type Params } from "./params.js";
import {
  userChoosesInlineResult,
  userInlineQuery,
  userPressesButton,
  userPressesCopyButton,
  userSendsText,
  userSetsBlocked,
} from "./people.js";
import { decodeRequest, paramsForRecord, type DecodedRequest } from "./request.js";
import { EmulatorState, type QueuedUpdate } from "./state.js";
import type { BotCommand, ChatView, Fault, PersonSpec, RecordedCall, SentUpdate, TestChat, TestUser } from "./types.js";
import { tellListeners } from "../listeners.js";

export type * from "./types.js";

/** How to start the emulator. */
export interface EmulatorOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Port; default 0 (a free one). */
  port?: number;
  /** The only bot token accepted; default "123456:TEST-TOKEN-emulator". The bot id is its numeric prefix. */
  token?: string;
  /** Default "swap_sandbox_bot". */
  botUsername?: string;
  /** Default "Swap Sandbox Bot". */
  botName?: string;
  /** Quiet period for `SentUpdate.handled`, in ms; default 50. */
  quietMs?: number;
  /** How long `SentUpdate.handled` waits before rejecting, in ms; default 5000. */
  handledTimeoutMs?: number;
  /**
   * Webhook delivery: how long a POST may take before it counts as failed and is retried, in ms.
   * Telegram's own limit is tens of seconds; default 10000.
   */
  webhookTimeoutMs?: number;
  /** Webhook delivery: the pause before retrying a failed POST, in ms; default 100. */
  webhookRetryDelayMs?: number;
  /**
   * Webhook delivery: POSTs in flight at once, as setWebhook's `max_connections` (Telegram's
   * default is 40). Default 1, a cautious Telegram: tests see one update at a time, in order. Above
   * 1, a chat's updates still go one at a time and in order; other chats' go meanwhile.
   */
  webhookConnections?: number;
  /**
   * Where a POST for the webhook's public https URL really goes: the reverse proxy in front of a
   * bot on loopback (e.g. to "http://127.0.0.1:PORT/path"). Default: the URL itself.
   */
  webhookRoute?: (url: string) => string;
  /**
   * Privacy mode off (BotFather's /setprivacy → Disable): the bot gets every group message, and
   * getMe says `can_read_all_group_messages: true`. Default false, as for a new bot: in groups it
   * gets only commands, replies to its messages and messages mentioning it.
   */
  canReadAllGroupMessages?: boolean;
  /** Inline feedback on (BotFather's /setinlinefeedback): chosen_inline_result updates are sent. Default false. */
  inlineFeedback?: boolean;
  /**
   * Telegram's flood limits on sends (429 with retry_after past them): `true` for Telegram's
   * figures, or some of them changed. Default off, so tests are not paced; the playground turns it on.
   */
  floodLimits?: boolean | Partial<FloodLimits>;
  /**
   * How long a button press may wait for answerCallbackQuery before Telegram calls it "too old",
   * ms. Default 10000 (see `CALLBACK_ANSWER_WINDOW_MS`).
   */
  callbackAnswerWindowMs?: number;
}

/** One webhook POST the emulator made, and how it ended. */
interface WebhookDelivery {
  update_id: number;
  /** The HTTP status, or undefined when the request failed (timeout, refused connection). */
  status?: number;
  error?: string;
  at: number;
}

/** A running emulator. */
export interface Emulator {
  /** "http://127.0.0.1:PORT" (grammY appends /bot<token>/<method>). */
  readonly apiRoot: string;
  readonly token: string;
  readonly bot: { id: number; username: string; first_name: string };
  /** Every Bot API call the bot made, in order, failed ones included. */
  readonly calls: RecordedCall[];
  /** The recorded calls of one method (name compared case-insensitively). */
  callsOf(method: string): RecordedCall[];
  /**
   * A person (created on first use; the same object for the same id). For an existing person only
   * the profile fields given change.
   */
  user(spec: PersonSpec): TestUser;
  /** A group chat with the bot in it (id negative; -100… makes a supergroup, which may have a username). */
  group(spec: { id: number; title: string; username?: string }): TestChat;
  /** The flood limits in force, or undefined when the emulator does not pace the bot. */
  readonly floodLimits: Readonly<FloodLimits> | undefined;
  /** Makes the next `times` (default 1) calls of `method` fail with this fault, before any validation. */
  failNext(method: string, fault: Fault, times?: number): void;
  /**
   * Drops the faults still queued by {@link failNext} for `method` (all methods when absent), so a
   * test can make Telegram fail "for a while" and then end the outage at a moment it chooses.
   */
  clearFaults(method?: string): void;
  /**
   * Calls `listener` synchronously for every recorded call (failed ones included), after the call
   * took effect (a sent message is in its chat) and before the bot receives the answer. A crash
   * test kills the bot here: the person has seen the message, the bot never learns it was sent.
   * A listener that throws is reported as an uncaught error, never as the call's answer.
   * Returns a function that removes the listener.
   */
  onApiCall(listener: (call: RecordedCall) => void): () => void;
  /** A live view of any chat. */
  chat(chatId: number): ChatView;
  /** The commands set with setMyCommands for a scope (default scope) and language. */
  commands(scope?: Record<string, unknown>, languageCode?: string): BotCommand[] | undefined;
  /** Updates queued and not yet confirmed by the bot. */
  pendingUpdates(): number;
  /**
   * Posts again an update the bot answered 200 by webhook, as Telegram does when that answer never
   * reached it (a kill just before it): the same update, its id unchanged.
   */
  postAgain(updateId: number): void;
  /** Whether a getUpdates request is being held open right now (the bot is waiting for updates). */
  isPolling(): boolean;
  /** Every webhook POST made so far, failed ones (answers other than 200) included. */
  readonly webhookDeliveries: WebhookDelivery[];
  /**
   * Resolves with the predicate's value once it is neither undefined, null nor false. Re-checked on
   * every recorded call and user action (no timers); a predicate that throws counts as "not yet".
   * Rejects after `timeoutMs` (default 5000) with the last calls in the message.
   */
  waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
  /** The world, for a future control API. */
  readonly state: EmulatorState;
  /** Answers held getUpdates with [] and stops the server. */
  close(): Promise<void>;
}

const DEFAULT_TOKEN = "123456:TEST-TOKEN-emulator";
/** A 50 MB document (Telegram's upload limit for bots) and the multipart around it. */
const MAX_BODY_BYTES = 51 * 1024 * 1024;
const LAST_CALLS_IN_ERRORS = 12;
const CONFLICT_GRACE_MS = 200;

/** A getUpdates request being held open until an update arrives or its timeout passes. */
interface HeldPoll {
  /** Answers with these updates. */
  finish(updates: QueuedUpdate[]): void;
  /** A newer getUpdates arrived: this one stops receiving updates and ends with 409 unless abandoned. */
  supersede(): void;
}

/**
 * Whether a method only reads, so that a GET may call it. Telegram takes every method by GET, but
 * this is a development tool with a public token on a predictable port: a GET is what an `<img>`
 * on any page can send, so only reads go that way (getUpdates confirms updates: not a read).
 * grammY sends everything by POST.
 */
function readsOnly(method: string): boolean {
  const name = method.toLowerCase();
  return name.startsWith("get") && name !== "getupdates";
}

/** One line per call, for error messages; long values are cut, not secrets (there are none here). */
function describeCalls(calls: readonly RecordedCall[]): string {
  if (calls.length === 0) return "  (no calls)";
  return calls
    .slice(-LAST_CALLS_IN_ERRORS)
    .map((c) => {
      const params = JSON.stringify(c.params);
      const outcome = c.ok ? "ok" : `${c.error?.code} ${c.error?.description}`;
      return `  ${c.method} ${outcome} ${params.length > 160 ? `${params.slice(0, 160)}…` : params}`;
    })
    .join("\n");
}

/** Starts an emulator on loopback. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const token = options.token ?? DEFAULT_TOKEN;
  const botId = Number(token.split(":")[0]);
  if (!Number.isSafeInteger(botId) || botId <= 0) throw new Error("the token must start with the bot's numeric id, like 123456:ABC");
  const botInfo = {
    id: botId,
    is_bot: true,
    first_name: options.botName ?? "Swap Sandbox Bot",
    username: options.botUsername ?? "swap_sandbox_bot",
  };
  const flood =
    options.floodLimits === undefined || options.floodLimits === false
      ? undefined
      : new FloodControl(options.floodLimits === true ? {} : options.floodLimits);
  const state = new EmulatorState(botInfo, {
    canReadAllGroupMessages: options.canReadAllGroupMessages ?? false,
    inlineFeedback: options.inlineFeedback ?? false,
    flood,
    callbackAnswerWindowMs: options.callbackAnswerWindowMs,
  });
  const quietMs = options.quietMs ?? 50;
  const handledTimeoutMs = options.handledTimeoutMs ?? 5000;

  const calls: RecordedCall[] = [];
  const callListeners = new Set<(call: RecordedCall) => void>();
  const faults = new Map<string, Fault[]>();
  const fetchedUpdates = new Set<number>();
  let heldPoll: HeldPoll | undefined;
  /** Held polls, superseded ones included, so close() can answer them all. */
  const openPolls = new Set<HeldPoll>();
  let inFlight = 0;
  let lastActivity = Date.now();
  /** Requests whose answer is not written yet (held polls included), and who waits for none. */
  let unanswered = 0;
  const onAllAnswered = new Set<() => void>();
  let closed = false;
  /** Things to cancel on close: pending waits and timers. */
  const cleanups = new Set<() => void>();

  const record = (method: string, params: Params, outcome: { result: unknown } | { error: ApiError }): void => {
    const call: RecordedCall = { method, params, ok: "result" in outcome, at: Date.now() };
    if ("result" in outcome) call.result = outcome.result;
    else call.error = { code: outcome.error.code, description: outcome.error.description };
    calls.push(call);
    state.changed();
    tellListeners(callListeners, call);
  };

  const takeFault = (method: string): ApiError | undefined => {
    const queue = faults.get(method.toLowerCase());
    const fault = queue?.shift();
    if (fault === undefined) return undefined;
    if (queue?.length === 0) faults.delete(method.toLowerCase());
    return fault.code === 429 ? tooManyRequests(fault.retryAfter) : new ApiError(fault.code, fault.description);
  };

  const asUpdates = (list: QueuedUpdate[]): Update[] =>
    list.map((u) => {
      fetchedUpdates.add(u.update_id);
      return u.update;
    });

  /** getUpdates: answer at once when something is pending, otherwise hold until an update or the timeout. */
  const getUpdates = (params: Params, res: ServerResponse): Promise<Update[]> => {
    if (state.webhook !== undefined) {
      throw new ApiError(
        409,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      );
    }
    heldPoll?.supersede();
    state.confirm(optInt(params, "offset"));
    const allowed = optJson(params, "allowed_updates");
    if (Array.isArray(allowed)) state.setAllowedUpdates(allowed.filter((t): t is string => typeof t === "string"));
    const limit = Math.min(Math.max(optInt(params, "limit") ?? 100, 1), 100);
    const timeout = Math.max(optInt(params, "timeout") ?? 0, 0);
    state.changed(); // the offset may have confirmed updates someone awaits
    const ready = state.deliverable(limit);
    if (ready.length > 0 || timeout === 0 || closed) return Promise.resolve(asUpdates(ready));
    return new Promise((resolve, reject) => {
      let done = false;
      let conflictTimer: NodeJS.Timeout | undefined;
      const release = (): void => {
        done = true;
        clearTimeout(timer);
        clearTimeout(conflictTimer);
        unsubscribe();
        openPolls.delete(poll);
        if (heldPoll === poll) heldPoll = undefined;
      };
      const poll: HeldPoll = {
        finish: (updates) => {
          if (done) return;
          release();
          resolve(asUpdates(updates));
        },
        supersede: () => {
          // Telegram ends an older pending getUpdates with 409 when a newer one arrives. grammY's
          // bot.stop() aborts its poll and at once sends a new one, and the abort may reach us a
          // moment later: give it that moment, so a clean stop does not record a phantom conflict.
          unsubscribe();
          if (heldPoll === poll) heldPoll = undefined;
          conflictTimer = setTimeout(() => {
            if (done) return;
            release();
            reject(new ApiError(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"));
          }, CONFLICT_GRACE_MS);
        },
      };
      heldPoll = poll;
      openPolls.add(poll);
      const timer = setTimeout(() => poll.finish([]), timeout * 1000);
      const unsubscribe = state.onChange(() => {
        const list = closed ? [] : state.deliverable(limit);
        if (closed || list.length > 0) poll.finish(list);
      });
      // The client gave up (grammY's bot.stop aborts the pending request): nobody will read an answer.
      res.on("close", () => {
        if (res.writableEnded || done) return;
        release();
        // Nothing else may happen for a while (a killed bot): waiters on isPolling() must hear it now.
        state.changed();
      });
      state.changed(); // lets `waitFor(() => emulator.isPolling())` see the bot is listening
    });
  };

  const send = (res: ServerResponse, status: number, body: unknown): void => {
    if (res.destroyed) return;
    const json = JSON.stringify(body);
    const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": Buffer.byteLength(json) };
    // While closing, do not leave keep-alive sockets behind: they would hold server.close() open.
    if (closed) headers.connection = "close";
    res.writeHead(status, headers);
    res.end(json);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Before anything is read or recorded: a web page's request is nobody's call (local-only.ts).
    const refused = foreignApiRequest(req, port, options.host);
    if (refused !== undefined) {
      send(res, 403, { ok: false, error_code: 403, description: `Forbidden: ${refused}` });
      return;
    }
    const url = new URL(req.url ?? "/", "http://emulator.invalid");
    const match = /^\/bot([^/]*)\/([^/]+)$/.exec(url.pathname);
    if (match === null) {
      send(res, 404, { ok: false, error_code: 404, description: "Not Found" });
      return;
    }
    const [, givenToken = "", method = ""] = match;
    if (req.method === "GET" && !readsOnly(method)) {
      send(res, 405, { ok: false, error_code: 405, description: `Method Not Allowed: ${method} changes state; send it by POST` });
      return;
    }
    const isPoll = method.toLowerCase() === "getupdates";
    if (!isPoll) {
      inFlight++;
      lastActivity = Date.now();
    }
    let decoded: DecodedRequest = { params: {}, files: new Map() };
    let recorded: Params = {};
    try {
      decoded = decodeRequest(
        url,
        req.headers["content-type"],
        await readBody(req, MAX_BODY_BYTES, () => new ApiError(413, "Request Entity Too Large")),
      );
      recorded = paramsForRecord(decoded);
      if (decodeURIComponent(givenToken) !== token) throw new ApiError(401, "Unauthorized");
      const fault = takeFault(method);
      if (fault !== undefined) throw fault;
      const result = isPoll
        ? await getUpdates(decoded.params, res)
        : methodHandler(method)({ state, params: decoded.params, files: decoded.files });
      if (isPoll && res.destroyed) return; // an abandoned long poll: nobody received these updates
      record(method, recorded, { result });
      send(res, 200, { ok: true, result });
    } catch (err) {
      const error =
        err instanceof ApiError ? err : new ApiError(500, `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`);
      record(method, recorded, { error });
      send(res, error.code, error.toResponse());
    } finally {
      if (!isPoll) {
        inFlight--;
        lastActivity = Date.now();
        state.changed();
      }
    }
  };

  const server: Server = createServer((req, res) => {
    unanswered++;
    // Answered, or the client went away (an aborted poll): either way nothing more is written.
    res.once("close", () => {
      if (--unanswered > 0) return;
      for (const done of [...onAllAnswered]) done();
    });
    void handle(req, res);
  });
  const apiRoot = await listen(server, options.port, options.host);
  // Known before the first request: none is taken before listen resolves.
  const port = Number(new URL(apiRoot).port);

  // --- webhook delivery, the way Telegram does it: up to `webhookConnections` POSTs at once (one
  // per chat, in order), each update as JSON with the secret header; anything but 200 in time is
  // retried after a pause, so an update the bot took but answered late arrives again.
  const webhookDeliveries: WebhookDelivery[] = [];
  const webhookTimeoutMs = options.webhookTimeoutMs ?? 10_000;
  const webhookRetryDelayMs = options.webhookRetryDelayMs ?? 100;
  const webhookConnections = Math.max(1, Math.floor(options.webhookConnections ?? 1));
  const route = options.webhookRoute ?? ((url: string) => url);
  /** Updates being posted, and the chats (or senders) they belong to: one POST per chat at a time. */
  const posting = new Set<number>();
  const postingFor = new Set<number>();
  let connections = 0;
  const deliveryAbort = new AbortController();

  const deliverOne = async (update: QueuedUpdate, hook: NonNullable<EmulatorState["webhook"]>): Promise<boolean> => {
    fetchedUpdates.add(update.update_id);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (hook.secretToken !== undefined) headers["x-telegram-bot-api-secret-token"] = hook.secretToken;
    const delivery: WebhookDelivery = { update_id: update.update_id, at: Date.now() };
    try {
      const res = await fetch(route(hook.url), {
        method: "POST",
        headers,
        body: JSON.stringify(update.update),
        signal: AbortSignal.any([deliveryAbort.signal, AbortSignal.timeout(webhookTimeoutMs)]),
      });
      // Only the status counts, as for Telegram: the body is not read (so it has no size to bound).
      await res.body?.cancel().catch(() => undefined);
      delivery.status = res.status;
    } catch (err) {
      delivery.error = err instanceof Error && err.name === "TimeoutError" ? "Read timeout expired" : "Connection refused";
    }
    webhookDeliveries.push(delivery);
    if (delivery.status === 200) return true;
    hook.lastErrorDate = Math.floor(Date.now() / 1000);
    hook.lastErrorMessage = delivery.error ?? `Wrong response from the webhook: ${delivery.status}`;
    return false;
  };

  /** The oldest queued update not being posted whose chat has none being posted; undefined when none. */
  const nextToPost = (): QueuedUpdate | undefined => {
    for (const queued of state.deliverable(state.updates.length)) {
      if (posting.has(queued.update_id)) continue;
      if (postingFor.has(updateChatKey(queued.update))) continue;
      return queued;
    }
    return undefined;
  };

  /** One connection: posts the next update it may until there is none (or the webhook is gone). */
  const postQueued = async (): Promise<void> => {
    connections++;
    try {
      for (;;) {
        const hook = state.webhook;
        const next = hook === undefined || closed ? undefined : nextToPost();
        if (hook === undefined || next === undefined) return;
        const key = updateChatKey(next.update);
        posting.add(next.update_id);
        postingFor.add(key);
        try {
          const ok = await deliverOne(next, hook);
          if (closed) return;
          // Delivered: Telegram forgets it, exactly as a getUpdates offset past it would.
          if (ok) state.forget(next.update_id);
          state.changed();
          // Not delivered: its chat waits out the pause before the retry.
          if (!ok) await new Promise((r) => setTimeout(r, webhookRetryDelayMs));
        } finally {
          posting.delete(next.update_id);
          postingFor.delete(key);
        }
      }
    } finally {
      connections--;
    }
  };
  state.onChange(() => {
    if (connections >= webhookConnections || state.webhook === undefined || closed || state.updates.length <= posting.size) return;
    // One more connection at a time: each change that finds work opens another, up to the limit.
    void postQueued();
  });

  /** Resolves when the update was fetched, confirmed, and the bot has gone quiet. */
  const awaitHandled = (updateId: number): Promise<void> =>
    new Promise((resolve, reject) => {
      let quietTimer: NodeJS.Timeout | undefined;
      const stop = (): void => {
        clearTimeout(deadline);
        clearTimeout(quietTimer);
        unsubscribe();
        cleanups.delete(cancel);
      };
      const cancel = (): void => {
        stop();
        reject(new Error(`emulator closed before update ${updateId} was handled`));
      };
      const check = (): void => {
        clearTimeout(quietTimer);
        if (!fetchedUpdates.has(updateId) || state.isQueued(updateId) || inFlight > 0) return;
        const quietFor = Date.now() - lastActivity;
        if (quietFor >= quietMs) {
          stop();
          resolve();
        } else {
          // The one timer here: "no further call for a while" cannot be an event.
          quietTimer = setTimeout(check, quietMs - quietFor);
        }
      };
      const deadline = setTimeout(() => {
        stop();
        const why = !fetchedUpdates.has(updateId)
          ? "the bot never fetched it"
          : state.isQueued(updateId)
            ? "the bot never confirmed it"
            : "the bot kept making calls";
        reject(new Error(`update ${updateId} not handled within ${handledTimeoutMs} ms (${why}); last calls:\n${describeCalls(calls)}`));
      }, handledTimeoutMs);
      const unsubscribe = state.onChange(check);
      cleanups.add(cancel);
      check();
    });

  const sentUpdate = (ids: {
    update_id: number | undefined;
    message_id?: number;
    callback_query_id?: string;
    inline_query_id?: string;
  }): SentUpdate => {
    let handled: Promise<void> | undefined;
    const updateId = ids.update_id;
    return {
      ...ids,
      get handled() {
        // No update: the bot has nothing to handle.
        handled ??= updateId === undefined ? Promise.resolve() : awaitHandled(updateId);
        return handled;
      },
    };
  };

  const users = new Map<number, TestUser>();
  const makeUser = (spec: PersonSpec): TestUser => {
    const userState = state.ensureUser(spec);
    const existing = users.get(spec.id);
    if (existing !== undefined) return existing;
    const id = spec.id;
    const chatView = state.chatView(id);
    const testUser: TestUser = {
      id,
      get info() {
        return { ...userState.user };
      },
      sendText: (text, opts) => {
        const replyTo = opts?.replyTo;
        return sentUpdate(
          userSendsText(state, id, text, {
            ...(opts?.chat === undefined ? {} : { chatId: opts.chat.id }),
            ...(replyTo === undefined ? {} : { replyTo: typeof replyTo === "number" ? replyTo : replyTo.message_id }),
          }),
        );
      },
      pressButton: (message, data, opts) => {
        const messageId = typeof message === "number" ? message : message.message_id;
        const chatId = opts?.chat?.id ?? (typeof message === "number" ? undefined : message.chat_id);
        return sentUpdate(userPressesButton(state, id, messageId, data, chatId, opts?.forged === true));
      },
      pressCopyButton: (message, label, opts) => {
        const messageId = typeof message === "number" ? message : message.message_id;
        const chatId = opts?.chat?.id ?? (typeof message === "number" ? undefined : message.chat_id);
        return userPressesCopyButton(state, id, messageId, label, chatId);
      },
      inlineQuery: (query, opts) => sentUpdate(userInlineQuery(state, id, query, opts)),
      chooseInlineResult: (resultId, opts) => sentUpdate(userChoosesInlineResult(state, id, resultId, opts?.chat?.id)),
      blockBot: () => {
        userSetsBlocked(state, id, true);
      },
      unblockBot: () => {
        userSetsBlocked(state, id, false);
      },
      get blocked() {
        return userState.blocked;
      },
      chat: chatView,
      lastInlineAnswer: () => (userState.lastInlineAnswer === undefined ? undefined : structuredClone(userState.lastInlineAnswer)),
      lastCallbackAnswer: () => (userState.lastCallbackAnswer === undefined ? undefined : { ...userState.lastCallbackAnswer }),
      lastToast: () => userState.lastCallbackAnswer?.text,
    };
    users.set(id, testUser);
    return testUser;
  };

  const emulator: Emulator = {
    apiRoot,
    token,
    bot: { id: botInfo.id, username: botInfo.username, first_name: botInfo.first_name },
    calls,
    callsOf: (method) => calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
    user: makeUser,
    group: (spec) => {
      state.ensureGroup(spec);
      return { id: spec.id, title: spec.title, chat: state.chatView(spec.id) };
    },
    floodLimits: flood?.limits,
    failNext: (method, fault, times = 1) => {
      const key = method.toLowerCase();
      const queue = faults.get(key) ?? [];
      for (let i = 0; i < times; i++) queue.push(fault);
      faults.set(key, queue);
    },
    clearFaults: (method) => {
      if (method === undefined) faults.clear();
      else faults.delete(method.toLowerCase());
    },
    onApiCall: (listener) => {
      // Wrapped, so the same function registered twice is two listeners, each removed on its own.
      const entry = (call: RecordedCall): void => listener(call);
      callListeners.add(entry);
      return () => {
        callListeners.delete(entry);
      };
    },
    chat: (chatId) => state.chatView(chatId),
    commands: (scope, languageCode) => {
      const list = state.commands.get(EmulatorState.commandsKey(scope, languageCode));
      return list === undefined ? undefined : list.map((c) => ({ ...c }));
    },
    pendingUpdates: () => state.updates.length,
    postAgain: (updateId) => state.postAgain(updateId),
    isPolling: () => heldPoll !== undefined,
    webhookDeliveries,
    waitFor: <T>(predicate: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        let lastThrown: unknown;
        let settled = false;
        const settle = (): void => {
          settled = true;
          clearTimeout(timer);
          unsubscribe();
          cleanups.delete(cancel);
        };
        const cancel = (): void => {
          settle();
          reject(new Error("emulator closed while waiting"));
        };
        const check = (): void => {
          if (settled) return;
          let value: T | undefined | null | false;
          try {
            value = predicate();
          } catch (err) {
            lastThrown = err;
            return;
          }
          if (value !== undefined && value !== null && value !== false) {
            settle();
            resolve(value);
          }
        };
        const timer = setTimeout(() => {
          settle();
          const thrown =
            lastThrown === undefined
              ? ""
              : `; the predicate last threw: ${lastThrown instanceof Error ? lastThrown.message : JSON.stringify(lastThrown)}`;
          reject(new Error(`waitFor timed out after ${timeoutMs} ms${thrown}; last calls:\n${describeCalls(calls)}`));
        }, timeoutMs);
        const unsubscribe = state.onChange(check);
        cleanups.add(cancel);
        check();
      }),
    state,
    close: async () => {
      if (closed) return;
      closed = true;
      deliveryAbort.abort();
      for (const poll of [...openPolls]) poll.finish([]);
      for (const cancel of [...cleanups]) cancel();
      await new Promise<void>((resolve) => {
        // Keep-alive sockets (grammY uses an agent) would hold close() open; answered ones can go.
        // Once every request is answered (the polls just ended among them), what is left are
        // sockets with no request on them: undici opens one ahead of need, and close() would wait
        // a second for it on every test. A request still running after a second is cut.
        const cut = () => {
          clearTimeout(force);
          onAllAnswered.delete(cut);
          server.closeAllConnections();
        };
        const force = setTimeout(cut, 1000);
        server.close(() => {
          cut();
          resolve();
        });
        server.closeIdleConnections();
        if (unanswered === 0) cut();
        else onAllAnswered.add(cut);
      });
    },
  };
  return emulator;
}

/**
 * The chat an update belongs to, for webhook ordering: its chat, else its sender (an inline query,
 * a chosen result, a press on an inline message). Updates of one key are posted one at a time, in order.
 */
function updateChatKey(update: Update): number {
  const chat = update.message?.chat ?? update.callback_query?.message?.chat ?? update.my_chat_member?.chat;
  const from = update.callback_query?.from ?? update.inline_query?.from ?? update.chosen_inline_result?.from;
  return chat?.id ?? from?.id ?? 0;
}
