import "../wpt-env.js";


fetch_tests_from_window(document.getElementById("iframe").contentWindow);
