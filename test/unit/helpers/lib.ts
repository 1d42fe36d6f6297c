export * from '../../../lib/index';
export { intersectionSize, minContainment, modContainment } from '../../../lib/sketch/estimate';
