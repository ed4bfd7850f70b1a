import type { Font, Glyph, GlyphRun } from 'fontkit';

/** Enough for every word the documents repeat and a day's names and numbers; then it starts again. */
const MOST_RUNS = 5_000;

/**
 * The same font, keeping what each document would otherwise work out again: the glyph run of each
 * word it lays out, and each glyph's decoded outline. pdfkit keeps runs for one document only and
 * fontkit decodes every glyph's points again whenever a document's font subset is written; the two
 * were 60 % of a receipt's PDF, although nearly every word and glyph (the seller, the labels, the
 * plan, the digits) is the same on each. pdfkit scales a run's positions in place, so each call
 * gets its own copy of them. The glyph objects are fontkit's own, one per glyph already.
 */
export function rememberingFont(font: Font): Font {
  const runs = new Map<string, GlyphRun>();
  const remembering: Font = Object.create(font);
  remembering.layout = (text: string, ...options: unknown[]) => {
    if (options.some((option) => option !== undefined)) return font.layout(text, ...options);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MOST_RUNS) runs.clear();
      run = font.layout(text);
      runs.set(text, run);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(run)), run, { positions: run.positions.map((position) => ({ ...position })) });
  };
  remembering.getGlyph = (id: number, codePoints?: number[]) => decodedOnce(font.getGlyph(id, codePoints));
  return remembering;
}

/** A static font's glyph outline never changes: decoded the first time, then kept on the glyph. */
function decodedOnce(glyph: Glyph | null): Glyph | null {
  if (glyph && !Object.hasOwn(glyph, '_decode')) {
    const decoded = glyph._decode();
    glyph._decode = () => decoded;
  }
  return glyph;
}
