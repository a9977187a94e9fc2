/**
 * Trello's scope: what a request touches (classify.ts) and what a list of boards - the
 * credential's or the node's "Allowed Boards" - lets through (rules.ts).
 */
export type { BoardList } from './boards';
export { allowedBoardsText, parseBoardList } from './boards';
export type { BoardOwnedKind, NamedObject, TrelloScopedRequest, TrelloTarget, TrelloTargetKind } from './classify';
export { classifyTrelloRequest } from './classify';
export { BoardProof } from './proofs';
export type { TrelloLookup, TrelloScope } from './rules';
export { boardListVerdict, BoardResolver, boardRefusal, checkTrelloRequest, CREDENTIAL_SOURCE, NODE_SOURCE, trelloScopeOf } from './rules';
