import { measureMetricsOverhead } from './metrics-overhead';
import { printTable } from './table';

console.log('start');
measureMetricsOverhead().then(printTable, (e) => console.error('ERR', e));
