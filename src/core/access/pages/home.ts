import { definePages } from '../page-declaration';

/** 首页 (console module home): the default home of spec §2, built from the tiles modules register. */
export const HOME_PAGES = definePages('home', 'HOME', {
  INDEX: { path: '/home', title: '首页', home: true },
});
