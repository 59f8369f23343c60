/** Controls (but line breaks and tabs), bidirectional overrides and isolates, zero widths. */
const UNSEEN = /(?![\n\t])\p{Cc}|[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/** Text from a site or the service as kept, shown and copied: nothing unseen that changes it. */
export const withoutUnseen = (text: string): string => text.replace(UNSEEN, '');
