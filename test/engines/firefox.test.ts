import { walkEveryFlow } from './walk';

walkEveryFlow('firefox');
