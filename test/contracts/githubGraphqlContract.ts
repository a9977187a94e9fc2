import * as fs from 'fs';
import * as path from 'path';

/** A type of GitHub's published GraphQL schema, as github-graphql-subset.json keeps it. */
export interface SchemaType {
	kind: string;
	fields?: Record<string, string>;
	possibleTypes?: string[];
}

/** The part of GitHub's published GraphQL schema the tests check against (github-graphql-subset.json). */
export const GITHUB_GRAPHQL_CONTRACT = JSON.parse(fs.readFileSync(path.join(__dirname, 'github-graphql-subset.json'), 'utf8')) as {
	leafTypes: string[];
	types: Record<string, SchemaType>;
};
