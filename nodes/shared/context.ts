import type {
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

/** Every n8n context a transport can be called from. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

/** Reads a node parameter whatever the context; only execute contexts take an item index. */
export function readParameter<T>(ctx: ApiContext, name: string, fallback: T, itemIndex = 0): T {
	try {
		if ('getInputData' in ctx) {
			return (ctx as IExecuteFunctions).getNodeParameter(name, itemIndex, fallback as never) as T;
		}
		return (ctx as IHookFunctions).getNodeParameter(name, fallback as never) as T;
	} catch {
		return fallback;
	}
}
