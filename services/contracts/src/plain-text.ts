/**
 * Bidirectional controls (U+202E and its kin) let a name render backwards, or move the text
 * after it, in every table that shows it (D8). Nobody types them into a name or an address, so
 * they are removed on input; the tables also isolate what people wrote (`<bdi>`).
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutDirectionControls = (value: string) => value.replace(DIRECTION_CONTROLS, '');
