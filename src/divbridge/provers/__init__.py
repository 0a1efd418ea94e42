"""Provers: one thin adapter each, a portfolio runner and a content-addressed cache."""
