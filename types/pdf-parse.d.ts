// pdf-parse's own entry reads a sample PDF when it is loaded without a parent module, so the
// tests load its library file, which @types/pdf-parse does not describe.
declare module 'pdf-parse/lib/pdf-parse.js' {
  import pdfParse from 'pdf-parse';
  export default pdfParse;
}
