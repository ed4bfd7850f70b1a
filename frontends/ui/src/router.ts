/**
 * The shell and the remotes reach react-router through the UI kit. Module Federation cannot
 * tree-shake a shared package, so sharing react-router-dom itself would send all of it to every
 * page; shared through this module, only what the portal uses is sent, still as one instance.
 */
export { BrowserRouter, Link, NavLink, Navigate, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
