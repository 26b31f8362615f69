/**
 * What processes sharing one store agree on besides the data: whose turn a chat is, who runs the
 * jobs that must run once (sending the outbox, support's checks), and news between them.
 *
 * One lowdb file has one process, so the file version is trivial; postgres/coordination.ts does it
 * with advisory locks and LISTEN/NOTIFY, which end with the session of a process that dies.
 */

/** Leadership of one named job: at most one process holds it at a time. */
export interface Leadership {
  readonly isLeader: boolean;
  /** Stops trying; gives the leadership up if held. */
  stop(): Promise<void>;
}

/** Told when this process gains or loses a leadership. */
export interface LeadershipEvents {
  onGain(): void;
  onLose(): void;
}

export interface Coordination {
  /** Runs `fn` while no other process runs one for the same chat. */
  withChatLock<T>(chatId: number, fn: () => Promise<T>): Promise<T>;
  /** Competes for the leadership of `name` until stopped; `events` tell when it changes hands here. */
  lead(name: string, events: LeadershipEvents): Leadership;
  /** Tells every process listening on `channel` (this one included) that there is news, with a short `payload`. */
  notify(channel: string, payload?: string): Promise<void>;
  /** Calls `onNews` with the payload of every notice on `channel` ("" when none). Resolves once listening. */
  listen(channel: string, onNews: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process: a chat's lock is held within the process (an update of the chat and a start-up
 * pass over it take turns), every leadership is ours, news stays in the process.
 */
export function singleProcessCoordination(): Coordination {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  /** Per chat, the end of the last holder's turn; removed once nobody waits. */
  const turns = new Map<number, Promise<void>>();
  return {
    withChatLock(chatId, fn) {
      // Every update takes its chat's lock, and almost always finds it free: then `fn` starts at
      // once, without waiting a turn on an already settled promise (a measurable share of a
      // flood's CPU, bench/throughput.results.md).
      const before = turns.get(chatId);
      let release!: () => void;
      // Ends after this turn, which starts only after `before`'s: the next caller waits for it alone.
      const mine = new Promise<void>((resolve) => (release = resolve));
      turns.set(chatId, mine);
      const turn = async () => {
        try {
          return await fn();
        } finally {
          release();
          if (turns.get(chatId) === mine) turns.delete(chatId);
        }
      };
      return before === undefined ? turn() : before.then(turn);
    },
    lead(_name, events) {
      let leader = true;
      events.onGain();
      return {
        get isLeader() {
          return leader;
        },
        stop() {
          if (leader) {
            leader = false;
            events.onLose();
          }
          return Promise.resolve();
        },
      };
    },
    notify(channel, payload = "") {
      for (const onNews of listeners.get(channel) ?? []) onNews(payload);
      return Promise.resolve();
    },
    listen(channel, onNews) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(onNews);
      return Promise.resolve();
    },
    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}
