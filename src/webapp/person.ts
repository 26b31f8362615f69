/**
 * Who a Mini App request is from: the person Telegram signed into the page's launch data
 * (`initData`), checked on the server with @tma.js/init-data-node (HMAC-SHA256 with the
 * "WebAppData" key derived from the bot's token, as Telegram documents it) and nothing else. The
 * page sends it with every request (`Authorization: tma <initData>`); data that is missing, forged,
 * signed for another bot, or older than {@link MAX_AGE_SECONDS} names nobody.
 */

/** How long launch data stays good: an hour, as the Mini App's session. */
const MAX_AGE_SECONDS = 3600;

/** The longest launch data read: Telegram's is well under 2 KB. */
const MAX_INIT_DATA = 8 * 1024;

/** A person as their signed launch data names them. */
export interface WebPerson {
  id: number;
  firstName: string;
  /** Their Telegram app's language (their /language choice is read from the store). */
  languageCode?: string;
  /** What the link that opened the page carried (`startapp`), if anything. */
  startParam?: string;
}

/**
 * The person of an `Authorization` header, or undefined (with why, for the log: never the data).
 * `now` is for the age check.
 *
 * @tma.js/init-data-node is loaded on the first request that carries launch data, not at start-up:
 * with the fp-ts it loads whole, about 130 ms of CPU at every start of the bot, which most
 * deployments and every replica that never serves the Mini App would pay for nothing.
 */
export async function personOf(authorization: string | undefined, botToken: string): Promise<WebPerson | { refused: string }> {
  const match = /^tma (.+)$/.exec(authorization ?? "");
  const initData = match?.[1];
  if (initData === undefined) return { refused: "no launch data" };
  if (initData.length > MAX_INIT_DATA) return { refused: "launch data too long" };
  const { parse, validate } = await import("@tma.js/init-data-node");
  try {
    validate(initData, botToken, { expiresIn: MAX_AGE_SECONDS });
    const data = parse(initData);
    const user = data.user;
    if (user === undefined || !Number.isSafeInteger(user.id) || user.id <= 0) return { refused: "no person in the launch data" };
    return {
      id: user.id,
      firstName: user.first_name,
      ...(user.language_code === undefined ? {} : { languageCode: user.language_code }),
      ...(data.start_param === undefined ? {} : { startParam: data.start_param }),
    };
  } catch (err) {
    // The library's error names the reason (signature missing or invalid, expired, malformed).
    return { refused: err instanceof Error ? err.name : "invalid launch data" };
  }
}
