import type { Context } from "grammy";
import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "../messages/i18n.js";
import type { BotDeps } from "./deps.js";

/** The context inside features before the conversations plugin adds its controls. */
type BaseContext = Context &
  I18nFlavor & {
    /** Injected dependencies, the same object for every update. */
    deps: BotDeps;
  };

/** The context every feature composer sees. */
export type BotContext = ConversationFlavor<BaseContext>;
