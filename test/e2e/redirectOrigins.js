// Preloaded (NODE_OPTIONS) into an n8n process that runs n8n's own Trello node, whose address is fixed
// (https://api.trello.com): E2E_REDIRECT_ORIGINS="https://api.trello.com=http://127.0.0.1:PORT" sends
// its requests to the loopback fake instead. Other hosts are left alone.
'use strict';
const http = require('node:http');
const https = require('node:https');

const redirects = new Map(
	(process.env.E2E_REDIRECT_ORIGINS ?? '')
		.split(',')
		.filter(Boolean)
		.map((pair) => {
			const [from, to] = pair.split('=');
			return [new URL(from).hostname, new URL(to)];
		}),
);

if (redirects.size) {
	const originalRequest = https.request;
	https.request = function redirectedRequest(input, options, callback) {
		let merged = input;
		let done = callback;
		if (typeof input === 'string' || input instanceof URL) {
			const url = new URL(input);
			merged = { protocol: url.protocol, hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}` };
			if (typeof options === 'function') done = options;
			else if (options) merged = { ...merged, ...options };
		} else if (typeof options === 'function') {
			done = options;
		}
		const hostname = merged && (merged.hostname ?? String(merged.host ?? '').replace(/:\d+$/, ''));
		const target = hostname && redirects.get(hostname);
		if (!target) return originalRequest.apply(this, arguments);
		const { agent: _agent, servername: _servername, ...rest } = merged;
		return http.request({ ...rest, protocol: 'http:', hostname: target.hostname, host: target.hostname, port: target.port }, done);
	};
}
