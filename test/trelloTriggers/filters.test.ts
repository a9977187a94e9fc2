import type { INodeProperties } from 'n8n-workflow';

import { TrelloTrigger } from '../../nodes/Trello/TrelloTrigger.node';
import { TRIGGERS } from '../../nodes/Trello/triggers/events';
import { offers, TRIGGER_FILTERS } from '../../nodes/Trello/triggers/filters';

const filtersProperty = new TrelloTrigger().description.properties.find((property) => property.name === 'filters')!;

describe('Trello Trigger: the Filters table drives the editor', () => {
	it('each row is one option of Filters, shown exactly for the triggers that read it', () => {
		const options = filtersProperty.options as INodeProperties[];
		expect(options.map((option) => option.name)).toEqual(TRIGGER_FILTERS.map((filter) => filter.name));
		const collectionShown = filtersProperty.displayOptions!.show!.event as string[];
		for (const filter of TRIGGER_FILTERS) {
			const option = options.find((each) => each.name === filter.name)!;
			const shownFor = (option.displayOptions?.show?.['/event'] as string[] | undefined) ?? collectionShown;
			expect({ filter: filter.name, shownFor }).toEqual({
				filter: filter.name,
				shownFor: TRIGGERS.filter((trigger) => offers(trigger, filter)).map((trigger) => trigger.value),
			});
		}
	});

	it('the move filters are offered by Card Moved, New Board Activity and Custom Webhook Events only', () => {
		const moved = TRIGGER_FILTERS.find((filter) => filter.name === 'movedToLists')!;
		expect(TRIGGERS.filter((trigger) => offers(trigger, moved)).map((trigger) => trigger.value)).toEqual(['cardMoved', 'newBoardActivity', 'custom']);
	});

	it('Members is offered by every trigger on boards: all but New Board, which watches the account', () => {
		const members = TRIGGER_FILTERS.find((filter) => filter.name === 'members')!;
		expect(TRIGGERS.filter((trigger) => !offers(trigger, members)).map((trigger) => trigger.value)).toEqual(['newBoard']);
	});
});
