import { githubContract, githubEnterpriseContract, OpenApiContract, trelloContract } from './openapi';

describe('OpenAPI request validator', () => {
	const github = githubContract();

	it('accepts a request that fits GitHub’s description', () => {
		expect(
			github.validate({
				method: 'PUT',
				path: '/repos/octo/hello/pulls/7/merge',
				body: { merge_method: 'squash', commit_title: 'Ship it', sha: 'abc' },
			}),
		).toEqual([]);
	});

	it('catches an invalid merge_method', () => {
		expect(
			github.validate({ method: 'PUT', path: '/repos/octo/hello/pulls/7/merge', body: { merge_method: 'fast-forward' } }),
		).toEqual([
			'PUT /repos/octo/hello/pulls/7/merge: body.merge_method is "fast-forward", not one of "merge", "squash", "rebase"',
		]);
	});

	it('catches a wrong path, a wrong method and a non-numeric path number', () => {
		expect(github.validate({ method: 'GET', path: '/repos/octo/hello/pull/7' })).toEqual([
			'GET /repos/octo/hello/pull/7: no path template in the description matches this path',
		]);
		expect(github.validate({ method: 'POST', path: '/repos/octo/hello/pulls/7/merge' })).toEqual([
			'POST /repos/octo/hello/pulls/7/merge: /repos/{owner}/{repo}/pulls/{pull_number}/merge has no POST operation (it has GET, PUT)',
		]);
		expect(github.validate({ method: 'GET', path: '/repos/octo/hello/pulls/seven' })).toEqual([
			'GET /repos/octo/hello/pulls/seven: path parameter "pull_number": "seven" is not of type integer',
		]);
	});

	it('catches unknown query names, enum violations and missing required query parameters', () => {
		expect(
			github.validate({ method: 'GET', path: '/repos/octo/hello/issues', query: { state: 'opened', labelz: 'bug' } }),
		).toEqual([
			'GET /repos/octo/hello/issues: unknown query parameter "labelz"',
			'GET /repos/octo/hello/issues: query parameter "state": "opened" is not one of "open", "closed", "all"',
		]);
		expect(github.validate({ method: 'GET', path: '/search/issues', query: {} })).toEqual([
			'GET /search/issues: required query parameter "q" missing',
		]);
	});

	it('catches missing required body properties, wrong types and (strictly) unknown properties', () => {
		expect(
			github.validate({ method: 'POST', path: '/repos/octo/hello/issues', body: { body: 5, label: ['bug'] } }),
		).toEqual([
			'POST /repos/octo/hello/issues: body misses the required property "title"',
			'POST /repos/octo/hello/issues: body.body is integer (5), expected string',
			'POST /repos/octo/hello/issues: body has the unknown property "label"',
		]);
		expect(github.validate({ method: 'PUT', path: '/repos/octo/hello/contents/docs/a b/readme.md', body: { content: 'eA==' } })).toEqual([
			'PUT /repos/octo/hello/contents/docs/a b/readme.md: body misses the required property "message"',
		]);
	});

	it('reports unknown body properties when additionalProperties is false, without strict mode', () => {
		const contract = new OpenApiContract({
			openapi: '3.0.0',
			paths: {
				'/things/{id}': {
					parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{24}$' } }],
					put: {
						requestBody: {
							content: {
								'application/json': {
									schema: { $ref: '#/components/schemas/Thing' },
								},
							},
						},
					},
				},
			},
			components: {
				schemas: {
					Thing: {
						type: 'object',
						additionalProperties: false,
						required: ['name'],
						properties: { name: { type: 'string' }, colour: { type: 'string', enum: ['red', 'blue'] } },
					},
				},
			},
		});
		expect(contract.validate({ method: 'PUT', path: '/things/5f1d7e1c2b3a4f5e6d7c8b9a', body: { name: 'x', colour: 'red' } })).toEqual([]);
		expect(contract.validate({ method: 'PUT', path: '/things/nope', body: { colour: 'green', size: 3 } })).toEqual([
			'PUT /things/nope: path parameter "id": "nope" does not match the pattern ^[0-9a-f]{24}$',
			'PUT /things/nope: body misses the required property "name"',
			'PUT /things/nope: body.colour is "green", not one of "red", "blue"',
			'PUT /things/nope: body has the unknown property "size"',
		]);
	});

	it('validates Enterprise Server requests against the GHES description (paths after /api/v3)', () => {
		const ghes = githubEnterpriseContract();
		expect(ghes.validate({ method: 'GET', path: '/repos/octo/hello/branches', query: { per_page: '100' } })).toEqual([]);
		expect(ghes.validate({ method: 'GET', path: '/api/v3/repos/octo/hello/branches' })).toEqual([
			'GET /api/v3/repos/octo/hello/branches: no path template in the description matches this path',
		]);
	});

	it('works with Trello’s description (OpenAPI 3 with $refs, key/token as query auth)', () => {
		const trello = trelloContract();
		const problems = trello.validate({ method: 'GET', path: '/boards/5f1d7e1c2b3a4f5e6d7c8b9a', query: { key: 'k', token: 't' } });
		expect(problems).toEqual([]);
		expect(trello.validate({ method: 'GET', path: '/nothing/here' })).toEqual([
			'GET /nothing/here: no path template in the description matches this path',
		]);
	});
});
