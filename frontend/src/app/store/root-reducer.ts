/** Every slice of client state, combined once. Slices never cache database rows (DESIGN.md §7). */
import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/state/auth-slice';
import { themeSlice } from '@/features/theme/state/theme-slice';
import { sidebarSlice } from '@/features/sidebar/state/sidebar-slice';
import { healthSlice } from '@/features/health/state/health-slice';

export const rootReducer = combineSlices(authSlice, themeSlice, sidebarSlice, healthSlice);
