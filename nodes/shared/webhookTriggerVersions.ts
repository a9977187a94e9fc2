/**
 * Versions of the webhook triggers (GitHub and Trello). 1.1 behaves exactly as 1. The second
 * version exists for n8n's sake: for every delivery to a version 1 webhook node n8n evaluates an
 * expression (its own Webhook node's "binary data" option, which these nodes do not have), and
 * from 1.1 on it does not. In n8n 2.41 that evaluation runs in an isolate and was about 8 % of
 * the CPU a delivery cost (a CPU profile of the bench's real-n8n trigger section).
 */
export const WEBHOOK_TRIGGER_VERSIONS = [1, 1.1];
export const WEBHOOK_TRIGGER_DEFAULT_VERSION = 1.1;
