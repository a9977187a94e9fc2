/**
 * Issued once a node operation has checked an object the request names but the rules cannot look
 * up themselves (a notification, which Trello answers only to its member); the scope accepts no other.
 */
export class BoardProof {
	private constructor(
		/** The object's id, as the request's path names it. */
		readonly id: string,
		/** The board (id, lower case) the object was read to sit on; '' for none. */
		readonly board: string,
	) {}

	static issue(id: string, board: string): BoardProof {
		const proof = new BoardProof(id, board.toLowerCase());
		issued.add(proof);
		return proof;
	}
}

const issued = new WeakSet<BoardProof>();

/** Whether `proof` was issued here (a look-alike object proves nothing). */
export function isIssuedBoardProof(proof: unknown): proof is BoardProof {
	return proof instanceof BoardProof && issued.has(proof);
}
