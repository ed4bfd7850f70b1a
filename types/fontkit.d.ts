// fontkit ships no types; pdfkit (0.20) embeds a font object fontkit made when it is given one.
declare module 'fontkit' {
  /** A word's glyphs and where each goes; pdfkit reads both and scales the positions in place. */
  export interface GlyphRun {
    readonly glyphs: readonly unknown[];
    positions: Record<string, number>[];
  }
  /** One glyph; `_decode` (its outline, read from the font's data) is what a subset reads of it. */
  export interface Glyph {
    readonly id: number;
    _decode(): unknown;
  }
  export interface Font {
    readonly postscriptName: string;
    layout(text: string, ...options: unknown[]): GlyphRun;
    getGlyph(id: number, codePoints?: number[]): Glyph | null;
  }
  export function create(data: Buffer | Uint8Array): Font;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
