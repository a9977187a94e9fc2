/**
 * Compile-time checks of the operation keys (checked by `tsc -p test/tsconfig.json`): each key type
 * is computed from the catalogue rows, so a misspelt or removed operation fails to compile.
 */
import type { GitHubOperationKey } from '../../nodes/GitHub/actions/catalogue';
import type { TrelloOperationKey } from '../../nodes/Trello/actions/catalogue';

/** Fails to compile when a key type has widened to plain strings (a row table declared without its literal keys). */
type Literal<Key extends string> = string extends Key ? never : Key;

export const gitHubKeys: Array<Literal<GitHubOperationKey>> = ['issue.create', 'secret.setOrganization', 'reaction.addRelease', 'securityAlert.listDependabotOrganization', 'variable.updateEnvironment'];
export const trelloKeys: Array<Literal<TrelloOperationKey>> = ['card.create', 'board.close', 'board.reopen', 'checklist.completeItem'];

// @ts-expect-error a misspelt operation is no GitHub key
export const misspeltGitHub: GitHubOperationKey = 'issue.crate';
// @ts-expect-error a resource's operation under another resource is no key
export const mixedGitHub: GitHubOperationKey = 'label.merge';
// @ts-expect-error a GitHub operation is no Trello key
export const gitHubInTrello: TrelloOperationKey = 'issue.create';
// @ts-expect-error a misspelt operation is no Trello key
export const misspeltTrello: TrelloOperationKey = 'card.creat';
