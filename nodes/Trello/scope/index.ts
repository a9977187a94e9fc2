/** Trello's scope: which boards a list names (boards.ts) and what a list of boards lets through (rules.ts). */
export type { BoardList } from './boards';
export { allowedBoardsText, parseBoardList } from './boards';
export type { BoardOwnedKind, TrelloLookup, TrelloScope, TrelloScopedRequest } from './rules';
export { BoardResolver, boardRefusal, checkTrelloRequest, trelloScopeOf } from './rules';
