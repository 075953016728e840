"""The weights of Hard's static estimate (``hard.estimate``): claim -> stage -> one weight per
feature of ``hard.FEATURE_NAMES``, a linear guess of the game points a seat can expect in a
phase-1 position, fitted by least squares to the final results of play.

Not written by ``python -m bummerl_lab.fit``, and no command reproduces them: these weights
were fitted at commit 266c17a, by least squares to the final results of 20,000
Medium-vs-Medium hands per preset, by a fitter that was never committed, from a seed it did
not record, on the features as they were then (the twelfth, the top trump, came later and
weighs 0 here). ``python -m bummerl_lab.fit --only weights`` fits them anew (each preset's
recipe in ``bummerl_lab.fit.RECIPES``) and writes this file under its command; the pairs and
the lies, fitted to what the weights leave, are then fitted again too (``python -m
bummerl_lab.fit``), and Hard plays differently.
"""

WEIGHTS = {
    # fitted at 266c17a from an unrecorded seed; anew: ``python -m bummerl_lab.fit --only weights --rules soft``
    "auto": {
        2: (0.0435, 0.0151, 0.4862, 0.1816, 0.2424, 0.0655, 0.2340, 0.4748, -0.0144, -0.0354, 0.0144, 0.0000),
        4: (0.0393, 0.0147, 0.4382, 0.2221, 0.2292, 0.0378, 0.2587, 0.3872, 0.1527, -0.0165, 0.1585, 0.0000),
        6: (0.0366, 0.0113, 0.3908, 0.2500, 0.2126, -0.0012, 0.2938, 0.4002, 0.1134, -0.0098, 0.1397, 0.0000),
        8: (0.0303, 0.0120, 0.2950, 0.3559, 0.2217, -0.0274, 0.3194, 0.5506, -0.0571, 0.0054, 0.1660, 0.0000),
    },
    # fitted at 266c17a from an unrecorded seed; anew: ``python -m bummerl_lab.fit --only weights --rules sharp``
    "manual": {
        2: (0.0571, 0.0000, 0.5066, 0.0946, 0.2299, 0.0604, 0.2727, 0.3776, -0.0208, 0.0000, 0.0208, 0.0000),
        4: (0.0433, 0.0000, 0.4137, 0.1670, 0.2100, 0.0302, 0.2565, 0.4011, 0.1682, -0.0203, 0.1905, 0.0000),
        6: (0.0370, 0.0000, 0.3416, 0.2098, 0.1684, -0.0147, 0.2901, 0.5047, 0.0067, -0.0040, 0.1418, 0.0000),
        8: (0.0276, 0.0000, 0.2082, 0.3084, 0.1853, -0.0322, 0.3735, 0.7476, -0.1764, 0.0140, 0.0261, 0.0000),
    },
}
