import type { IDataObject } from 'n8n-workflow';

/**
 * The trust label of a simplified item (docs/agents.md, "Trust labels"): who wrote its authored
 * text, by the judgement the service's own option uses (GitHub: Trusted Content Only, Trello:
 * Trusted Members). `writer`: trusted by it; `outsider`: not (the text it withholds when on);
 * `unknown`: the answer does not tell and no look-up was made for it, or the option never judges
 * this type. With the option off the label is read from the answer alone: it sends no request.
 */
export type Trust = 'writer' | 'outsider' | 'unknown';

/** The judges' verdicts on the objects they returned, read when the same objects are simplified. */
const verdicts = new WeakMap<object, boolean>();

/** Records a judge's verdict on an object it returned; several verdicts on one object keep the least trusted. */
export function recordVerdict(judged: IDataObject, trusted: boolean): void {
	const earlier = verdicts.get(judged);
	verdicts.set(judged, earlier === undefined ? trusted : earlier && trusted);
}

/** The label of a judged object, or undefined when no judge saw it. */
export function recordedTrust(raw: IDataObject): Trust | undefined {
	const trusted = verdicts.get(raw);
	return trusted === undefined ? undefined : trusted ? 'writer' : 'outsider';
}
