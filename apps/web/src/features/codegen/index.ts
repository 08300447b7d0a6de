/** The public surface of the code generator's console feature (its pages load through the page registry). */
export { downloadGenCode } from './api/download-gen-code';
