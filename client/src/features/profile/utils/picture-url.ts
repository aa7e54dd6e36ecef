import { pictureUrlProblem } from '@common/schemas/profile';

/** Whether a value is an https: URL the app may load (the server's rules, in common/). */
export const isHttpUrl = (value: string) =>
  value.startsWith('https:') && pictureUrlProblem(value) === null;
