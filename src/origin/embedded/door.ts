/** What the origin door takes from the embedded origin, loaded only when a build may run without a backend. */
export { embeddedOrigin, findReceipt, listOutbox, listPayments, setFeatureFlag } from './index';
export { seed } from './seed';
export { clearFaults, setFault, underFault, FAULT_MODES, type FaultMode } from './faults';
