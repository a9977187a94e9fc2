import { GitHub } from '../../nodes/GitHub/GitHub.node';
import { GITHUB_RESOURCES } from '../../nodes/GitHub/actions/catalogue';
import { Trello } from '../../nodes/Trello/Trello.node';
import { TRELLO_RESOURCES } from '../../nodes/Trello/actions/catalogue';

const asWord = (name: string) => new RegExp(`(^|[^A-Za-z])${name.replace(/[()]/g, '\\$&')}([^A-Za-z]|$)`);

// The creator shows this text; a resource added to the catalogue must appear in it without a hand edit.
describe('action node descriptions name every resource of the catalogue', () => {
	it.each([
		['GitHub', new GitHub().description.description, GITHUB_RESOURCES],
		['Trello', new Trello().description.description, TRELLO_RESOURCES],
	])('%s', (_service, text, resources) => {
		for (const resource of resources) expect(text).toMatch(asWord(resource.name));
	});
});
