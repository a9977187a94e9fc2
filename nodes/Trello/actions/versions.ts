/**
 * Trello Toolkit node versions. 1.1 no longer offers Comment → Add (Legacy): Add to Card takes
 * everything it took (a card id or short link). Nodes of version 1 keep it.
 */
export const TRELLO_NODE_VERSIONS = [1, 1.1];
export const TRELLO_NODE_VERSION_WITHOUT_LEGACY_COMMENT = 1.1;
export const TRELLO_NODE_DEFAULT_VERSION = 1.1;
