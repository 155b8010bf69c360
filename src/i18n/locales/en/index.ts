/**
 * The English catalog: one namespace per feature, each in its own file (so features add strings without
 * touching each other's files). English is bundled with the page; it is also the shape every language must fill.
 */
import { code } from './code';
import { common } from './common';
import { lessons } from './lessons';

export const en = { common, lessons, code };
