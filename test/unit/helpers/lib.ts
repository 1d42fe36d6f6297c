export * from '../../../lib/index';
export { intersectionSize } from '../../../lib/estimate';
