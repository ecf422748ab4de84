/** Every slice of client state, combined once. Slices never cache database rows (DESIGN.md §7). */
import { combineSlices } from '@reduxjs/toolkit';
import { placeholderSlice } from './placeholder-slice';

export const rootReducer = combineSlices(placeholderSlice);
