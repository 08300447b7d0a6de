/** The mini-program feature's public surface: the /wxProgram page the app's router shows. */
export { WxProgramPage } from './pages/wx-program-page';
