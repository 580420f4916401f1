// CSI sequences (colours, cursor moves) and OSC sequences (titles, links) a terminal would interpret.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escape codes is the point
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** A log message without its ANSI escape codes (rendered as text, so HTML in it is escaped by React). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
