/**
 * The English catalog: one namespace per feature, each in its own file (so features add strings without
 * touching each other's files). English is bundled with the page; it is also the shape every language must fill.
 */
import { common } from './common';
import { lab } from './lab';

export const en = { common, lab };
