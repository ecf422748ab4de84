/** Keeps the store valid until the first feature slice is added; remove it then. */
import { createSlice } from '@reduxjs/toolkit';

export const placeholderSlice = createSlice({ name: 'placeholder', initialState: {}, reducers: {} });
