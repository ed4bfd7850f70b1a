// fontkit ships no types; pdfkit (0.20) embeds a font object fontkit made when it is given one.
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    layout(text: string): unknown;
  }
  export function create(data: Buffer | Uint8Array): Font;
}

declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
