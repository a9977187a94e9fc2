import { GitHubTrigger } from '../../nodes/GitHub/GitHubTrigger.node';
import { TrelloTrigger } from '../../nodes/Trello/TrelloTrigger.node';

describe('webhook triggers of both services: versions', () => {
	it('both webhook triggers (GitHub and Trello) are versions 1 and 1.1, new nodes 1.1, with the same parameters in both', () => {
		for (const { description } of [new GitHubTrigger(), new TrelloTrigger()]) {
			expect([description.name, description.version, description.defaultVersion]).toEqual([description.name, [1, 1.1], 1.1]);
			// 1.1 exists for n8n's handling of deliveries only: no parameter depends on the version.
			expect(JSON.stringify(description.properties)).not.toContain('@version');
		}
	});
});
