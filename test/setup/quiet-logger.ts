// n8n-core logs every node error it records; the tests assert those errors themselves.
process.env.N8N_LOG_LEVEL = 'silent';
