/** ASCII text written in Unicode tag characters (U+E0000 + code): invisible in every renderer, read by models. */
export const tagged = (text: string) => Array.from(text, (char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) as number))).join('');
