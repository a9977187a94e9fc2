// The unit tests' n8n-workflow runs regular expressions with the limit of longRegexEngine.js (which says why).
import { setSafeRegexEngine } from 'n8n-workflow';

import { longRegexEngine } from './longRegexEngine';

setSafeRegexEngine(longRegexEngine());
