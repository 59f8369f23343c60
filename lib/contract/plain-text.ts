/**
 * Text from a site or the service as the extension keeps, shows and copies it: without the
 * characters that change how the text around them reads while staying unseen.
 */

/** Controls (but line breaks and tabs), bidirectional overrides and isolates, zero-width characters. */
const UNSEEN = /(?![\n\t])\p{Cc}|[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

export const withoutUnseen = (text: string): string => text.replace(UNSEEN, '');
