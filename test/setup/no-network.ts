import nock from 'nock';

// No test may reach the internet: only loopback servers started by the tests themselves.
beforeAll(() => {
	if (!nock.isActive()) nock.activate();
	nock.disableNetConnect();
	nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host));
});

afterEach(() => {
	nock.cleanAll();
});

// nock patches node's http globally; each test file loads its own nock, so the previous one
// must let go or it keeps answering (and refusing) for the next file.
afterAll(() => {
	nock.restore();
});
