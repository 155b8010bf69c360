/** The Korean catalog (한국어): loaded only when Korean is the page's language. Same shape as the English one. */
import type { Catalog } from '../../catalog';
import { code } from './code';
import { common } from './common';
import { lessons } from './lessons';

export const ko: Catalog = { common, lessons, code };
