// Async boundary: shared singletons are negotiated before any app code runs (docs/frontend.md).
import { startEarlyRequests } from './app/early-requests';
import { holdPrerenderedActions } from './app/prerendered';

startEarlyRequests();
holdPrerenderedActions();
import('./bootstrap');
