/** Which expression language an error came from. */
export type ExprLanguage = 'cel' | 'template' | 'jsonpath' | 'javascript';

/** An expression that failed to parse or evaluate; the message names the language and the source. */
export class ExprError extends Error {
  constructor(
    readonly language: ExprLanguage,
    readonly source: string,
    readonly reason: string,
  ) {
    const shown = source.length > 120 ? `${source.slice(0, 117)}...` : source;
    super(`${language} ${JSON.stringify(shown)}: ${reason}`);
    this.name = 'ExprError';
  }
}
