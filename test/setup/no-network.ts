import nock from 'nock';

// No test may reach the internet: only loopback servers started by the tests themselves.
beforeAll(() => {
	nock.disableNetConnect();
	nock.enableNetConnect((host) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host));
});

afterEach(() => {
	nock.cleanAll();
});
