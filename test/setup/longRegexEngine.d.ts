import type { RegexEngine } from 'n8n-workflow';

export declare const LIMIT_MS: number;
export declare function longRegexEngine(): RegexEngine;
