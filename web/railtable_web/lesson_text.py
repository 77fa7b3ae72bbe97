"""The guide's own words (the lessons' texts are in their files), in English and French."""

from __future__ import annotations

from typing import Any

from railtable.core.words import fill

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "new_to_it": "New to it?",
        "learn_transamerica": "Learn to play TransAmerica (about 8 minutes)",
        "learn_trains": "Learn to play Trains (about 10 minutes)",
        "learn_rising_sun": "Learn Rising Sun's new cards (about 10 minutes)",
        "learn_stations": "Learn to play Trains & Stations (about 10 minutes)",
        "step_of": "step {n} of {of}",
        "next": "Next",
        "back": "Back",
        "leave": "Leave the lesson",
        "waiting": "{name} is playing…",
        "off_plan": "That move is allowed, but it is not the one this step is about.",
        "take_back": "Take it back and try again",
        "go_on": "Keep my move and go on",
        "on_your_own": "The game has gone another way than the lesson planned: play on freely against the bot, or start the lesson again.",
        "again": "Start the lesson again",
        "real_game": "Play a real game against an Easy bot",
    },
    "fr": {
        "new_to_it": "Vous débutez ?",
        "learn_transamerica": "Apprendre à jouer à TransAmerica (environ 8 minutes)",
        "learn_trains": "Apprendre à jouer à Trains (environ 10 minutes)",
        "learn_rising_sun": "Découvrir les cartes de Rising Sun (environ 10 minutes)",
        "learn_stations": "Apprendre à jouer à Trains & Stations (environ 10 minutes)",
        "step_of": "étape {n} sur {of}",
        "next": "Suivant",
        "back": "Précédent",
        "leave": "Quitter la leçon",
        "waiting": "{name} joue…",
        "off_plan": "Ce coup est permis, mais ce n'est pas celui de cette étape.",
        "take_back": "Le reprendre et réessayer",
        "go_on": "Garder mon coup et continuer",
        "on_your_own": "La partie a pris un autre chemin que celui de la leçon : continuez librement contre le robot, ou recommencez la leçon.",
        "again": "Recommencer la leçon",
        "real_game": "Jouer une vraie partie contre un robot Facile",
    },
}


def say(key: str, lang: str, **params: Any) -> str:
    text = TEXTS.get(lang, {}).get(key) or TEXTS["en"].get(key) or key
    return fill(text, lang, **params) if params else text
