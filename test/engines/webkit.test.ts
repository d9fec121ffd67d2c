import { walkEveryFlow } from './walk';

walkEveryFlow('webkit');
